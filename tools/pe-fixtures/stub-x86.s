# The PE32 (i386) twin of stub-x64.s; C symbols carry the leading underscore of i386 COFF.
  .text
  .globl _mainCRTStartup
_mainCRTStartup:
  xorl %eax, %eax
  retl

  .globl _DllMain@12
_DllMain@12:
  movl $1, %eax
  retl $12

  .globl ___delayLoadHelper2@8
___delayLoadHelper2@8:
  xorl %eax, %eax
  retl $8

  .globl _fixture_export
_fixture_export:
  retl
