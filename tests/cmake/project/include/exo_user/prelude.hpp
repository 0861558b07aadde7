#pragma once
// Force-included (-include) by the compile options of exo_user_flags (CMakeLists.txt); the
// kernel source does not include it. The kernel that uses kShiftThreads also uses
// EXO_USER_SHIFT, which only those options define (-D in the options, not a compile
// definition): exo-cuda must be given the targets' compile options to parse the kernel.
constexpr int kShiftThreads = 64;
