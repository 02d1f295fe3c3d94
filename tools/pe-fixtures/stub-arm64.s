# The ARM64 twin of stub-x64.s, so the reader sees a third machine type.
  .text
  .globl mainCRTStartup
mainCRTStartup:
  mov w0, #0
  ret

  .globl DllMain
DllMain:
  mov w0, #1
  ret

  .globl __delayLoadHelper2
__delayLoadHelper2:
  mov x0, #0
  ret

  .globl fixture_export
fixture_export:
  ret
