// The group is committed only when a copy was issued: the number of groups a thread
// has committed before an await then depends on the data of every earlier iteration,
// and the prover refuses to guess which copy a wait completes.
// RUN: sed -e '/cp_async16(s\[(k + 2) % 3\]/{n;N;s/^    }\n    exo::sm80::cp_async_commit();$/      exo::sm80::cp_async_commit();\n    }/}' %S/ok_cp_async_three_stages.cpp > %t.exo.cpp
// RUN: not %exo-cuda --check-only %t.exo.cpp 2>&1 | FileCheck %s

// CHECK: {{.*}}.tmp.exo.cpp:22:62: error: cannot prove when the asynchronous 'exo::sm80::cp_async16' issued here completes, because an 'if' (noted) commits groups in one branch only; commit unconditionally (empty groups are fine)
// CHECK: {{.*}}.tmp.exo.cpp:31:5: note: the statement in question here
// CHECK: {{.*}}.tmp.exo.cpp:33:9: error: cannot prove when the asynchronous 'exo::sm80::cp_async16' issued here completes, because an 'if' (noted) commits groups in one branch only; commit unconditionally (empty groups are fine)
// CHECK: {{.*}}.tmp.exo.cpp:31:5: note: the statement in question here
// CHECK-NOT: error:
// CHECK: 2 errors generated.
