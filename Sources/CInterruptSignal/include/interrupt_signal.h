#ifndef PORTABLESQL_INTERRUPT_SIGNAL_H
#define PORTABLESQL_INTERRUPT_SIGNAL_H
// SIGINT (Ctrl-C) for `sqlctx shell`, caught in C so that the handler does only
// async-signal-safe work: it sets a flag and writes one byte to a pipe. The tool reads the pipe
// on a dispatch queue, outside signal context, and interrupts the running statement from there.

/// Installs the SIGINT handler, without SA_RESTART so that a read waiting for the terminal (the
/// line editor's) returns with EINTR, and unblocks SIGINT in the calling thread. Returns the read end of the pipe (non-blocking, close on
/// exec) that receives a byte for each SIGINT, or -1 when the pipe or the handler cannot be made.
int sqlctx_catch_interrupts(void);

/// Whether a SIGINT has come since the last call (or since the handler was installed); clears it.
int sqlctx_take_interrupt(void);

#endif
