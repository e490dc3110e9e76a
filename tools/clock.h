/* clock.h - wall-clock time for the tools and dxil-bench. */
#ifndef DXIL_TOOLS_CLOCK_H
#define DXIL_TOOLS_CLOCK_H

/* Seconds on the monotonic clock; only differences mean anything. */
double clock_now(void);

#endif
