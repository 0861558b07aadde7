#pragma once
// Found only through the include directory that CMakeLists.txt gives the targets (it is
// not beside the kernel); the kernel that includes it also uses EXO_USER_SCALE, which only
// the targets' compile definitions give. exo-cuda must see both to parse the kernel.
constexpr int kScaleThreads = 128;
