/* batch_signal.c - SIGINT/SIGTERM stop a batch in order: the first asks
 * the runners to stop (they poll batch_stop_signal), a second one ends the
 * process at once with the signal's default action. */
#include "batch.h"

#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>

/* Lock-free, so the handler may set it; atomic, because worker threads
 * read it while the main thread (or, in tests, a worker) sets it. */
static atomic_int batch_stop_sig;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the stop flag must be lock-free");
static const int batch_stop_signals[] = {SIGINT, SIGTERM};
enum { STOP_SIGNALS = sizeof batch_stop_signals / sizeof *batch_stop_signals };
static struct sigaction batch_saved[STOP_SIGNALS];

void batch_request_stop(int sig)
{
    atomic_store(&batch_stop_sig, sig);
}

int batch_stop_signal(void)
{
    return atomic_load(&batch_stop_sig);
}

void batch_clear_stop(void)
{
    atomic_store(&batch_stop_sig, 0);
}

static void batch_on_signal(int sig)
{
    if (atomic_exchange(&batch_stop_sig, sig)) { /* the second one: stop now */
        signal(sig, SIG_DFL);
        raise(sig);
    }
}

void batch_install_signals(void)
{
    struct sigaction sa = {0};
    sa.sa_handler = batch_on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < STOP_SIGNALS; i++)
        sigaction(batch_stop_signals[i], &sa, &batch_saved[i]);
}

void batch_restore_signals(void)
{
    for (size_t i = 0; i < STOP_SIGNALS; i++)
        sigaction(batch_stop_signals[i], &batch_saved[i], NULL);
}
