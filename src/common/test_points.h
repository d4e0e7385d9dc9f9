// Named points at which a test can freeze ekb, to kill it there (crash-consistency tests).
//
//   EKB_TEST_STOP_AT=<point>[:<n>]   at the n-th time (default 1) this process reaches
//                                    <point>, it writes the point's name to
//   EKB_TEST_STOP_FILE=<path>        (when set) and stops itself with SIGSTOP; the test then
//                                    looks at the process tree and kills it with SIGKILL.
//
// Points: compile_child (a compiler child is running), timed_sample (the runner is timing),
// record_commit (a record is written but its transaction not yet committed). Unset, a
// point costs one relaxed atomic load.
#pragma once

namespace ekb {

void test_point(const char *name);
bool test_point_armed(const char *name);

}  // namespace ekb
