# The whole program text of every x64 fixture. The imports come from the link line
# (/include:__imp_<symbol> against generated import libraries), so one stub serves all.
  .text
  .globl mainCRTStartup
mainCRTStartup:
  xorl %eax, %eax
  retq

  .globl DllMain
DllMain:
  movl $1, %eax
  retq

# lld-link needs the delay-load helper to exist; the fixtures are never run.
  .globl __delayLoadHelper2
__delayLoadHelper2:
  xorl %eax, %eax
  retq

  .globl fixture_export
fixture_export:
  retq
