// Process control that Swift cannot call directly (prctl is variadic in C).
#ifndef C_PROCESS_CONTROL_H
#define C_PROCESS_CONTROL_H

/// Makes this process a child subreaper (Linux prctl PR_SET_CHILD_SUBREAPER): descendants orphaned by their parent
/// are reparented to it instead of to init, so it can still kill and reap them. Returns 0 on success, -1 where the
/// platform has no such thing (macOS) or the call fails.
int conformance_become_child_subreaper(void);

/// Asks for `signal` when the parent process dies (Linux prctl PR_SET_PDEATHSIG), so a worker never outlives the
/// process that supervises it. Returns 0 on success, -1 where the platform has no such thing (macOS) or the call fails.
int conformance_signal_on_parent_death(int signal);

#endif
