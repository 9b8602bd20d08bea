#ifndef PORTABLESQL_CEDITLINE_SHIM_H
#define PORTABLESQL_CEDITLINE_SHIM_H
// Debian's libedit (BSD editline) through its readline-compatible interface: line editing and
// history for `sqlctx shell`. Only the sqlctx tool links it; the library products never do.
#include <stdio.h>
#include <editline/readline.h>

// Leaves SIGINT to the tool (see TerminalInput.swift): libedit's handler would send it again to
// the whole process group. A function, as Swift 6 refuses to assign C's global variables.
static inline void sqlctx_leave_signals_to_tool(void) { rl_catch_signals = 0; }

// Tab completion: `function` gives the matches of the word before the cursor, one per call
// (state 0, 1, …) until it returns NULL; each match is a string the caller frees.
static inline void sqlctx_complete_with(char *(*function)(const char *, int)) { rl_completion_entry_function = function; }

// The line being edited, which completion reads to tell a dot-command from SQL.
static inline const char *sqlctx_line_buffer(void) { return rl_line_buffer; }
#endif
