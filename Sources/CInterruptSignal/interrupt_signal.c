#include "interrupt_signal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

static atomic_int interrupted;
static int pipe_write_end = -1;

// Only async-signal-safe work: a lock-free atomic store and write(2), with errno kept.
static void on_interrupt(int signal_number) {
    (void)signal_number;
    int saved = errno;
    atomic_store(&interrupted, 1);
    // Non-blocking: when the pipe is full, a byte is already waiting to be read.
    (void)!write(pipe_write_end, "!", 1);
    errno = saved;
}

int sqlctx_catch_interrupts(void) {
    int ends[2];
    if (pipe(ends) != 0) return -1;
    for (int end = 0; end < 2; end++) {
        fcntl(ends[end], F_SETFD, FD_CLOEXEC);
        fcntl(ends[end], F_SETFL, fcntl(ends[end], F_GETFL) | O_NONBLOCK);
    }
    pipe_write_end = ends[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    if (sigaction(SIGINT, &action, NULL) != 0) {
        close(ends[0]);
        close(ends[1]);
        pipe_write_end = -1;
        return -1;
    }
    // A parent may have started the tool with SIGINT blocked (a mask is inherited, and
    // libdispatch's threads block every signal): unblocked here, in the thread that reads lines.
    sigset_t interrupt_only;
    sigemptyset(&interrupt_only);
    sigaddset(&interrupt_only, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &interrupt_only, NULL);
    return ends[0];
}

int sqlctx_take_interrupt(void) {
    return atomic_exchange(&interrupted, 0);
}
