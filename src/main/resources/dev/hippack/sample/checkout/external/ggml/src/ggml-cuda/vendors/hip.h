// The sample checkout's stand-in for ggml's HIP vendor header: only the GPU family block that
// HIP Packager reads (see the sample README). The sample assumes a ggml with llama.cpp PR #24129,
// which names gfx1152 and gfx1153 where RDNA3_5 is defined.
#pragma once

#if defined(__GFX12__)
#define RDNA4
#endif // defined(__GFX12__)

#if defined(__GFX11__)
#define RDNA3
#endif // defined(__GFX11__)

#if defined(__gfx1150__) || defined(__gfx1151__) || defined(__gfx1152__) || defined(__gfx1153__)
#define RDNA3_5
#endif // defined(__gfx1150__) || defined(__gfx1151__) || defined(__gfx1152__) || defined(__gfx1153__)

#if defined(RDNA3) && !defined(RDNA3_5)
#define RDNA3_0
#endif // defined(RDNA3) && !defined(RDNA3_5)
