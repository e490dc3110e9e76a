/* batch_signal.c - SIGINT/SIGTERM stop a batch in order: the first asks
 * the runners to stop (they poll batch_stop_signal), a second one ends the
 * process at once with the signal's default action. */
#include "batch.h"

#include <signal.h>
#include <stddef.h>

static volatile sig_atomic_t batch_stop_sig;
static const int batch_stop_signals[] = {SIGINT, SIGTERM};
enum { STOP_SIGNALS = sizeof batch_stop_signals / sizeof *batch_stop_signals };
static struct sigaction batch_saved[STOP_SIGNALS];

void batch_request_stop(int sig)
{
    batch_stop_sig = sig;
}

int batch_stop_signal(void)
{
    return batch_stop_sig;
}

void batch_clear_stop(void)
{
    batch_stop_sig = 0;
}

static void batch_on_signal(int sig)
{
    if (batch_stop_sig) { /* the second one: stop now */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    batch_stop_sig = sig;
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
