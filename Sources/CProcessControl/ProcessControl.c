#include "CProcessControl.h"

#if defined(__linux__)
#include <sys/prctl.h>

int conformance_become_child_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

int conformance_signal_on_parent_death(int signal) { return prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0); }
#else
int conformance_become_child_subreaper(void) { return -1; }

int conformance_signal_on_parent_death(int signal) { (void)signal; return -1; }
#endif
