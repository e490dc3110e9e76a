/* rss.h - this process's resident set, the one way the batch report and
 * dxil-bench both measure memory. */
#ifndef DXIL_TOOLS_RSS_H
#define DXIL_TOOLS_RSS_H

/* Peak resident set so far (Linux VmHWM), in MiB; 0 where unknown. */
double rss_peak_mib(void);
/* Resident set now (Linux VmRSS), in MiB; 0 where unknown. */
double rss_current_mib(void);

#endif
