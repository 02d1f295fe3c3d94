# Smoke test of the Windows launchers, the steps a maintainer takes on the sample machine: the
# console launcher (hip-packager.exe or target\image\bin\hip-packager.bat) runs --version,
# --demo detect, --demo build (the stand-in build, started from the runtime's own java.exe),
# --demo package, --demo release, and audit of every zip; the app image's window launcher
# (HIP Packager.exe) opens the wizard on the sample until its first frame. Every command's output
# and run log go to LOGDIR, which CI uploads. A command that fails makes the script fail.
# The Linux side of the same steps is tools/smoke-image.sh.
#
# usage: pwsh tools/smoke-image.ps1 CONSOLE-LAUNCHER LOGDIR [WINDOW-LAUNCHER]
param(
    [Parameter(Mandatory = $true)][string]$Launcher,
    [Parameter(Mandatory = $true)][string]$LogDir,
    [string]$WindowLauncher
)
$ErrorActionPreference = 'Stop'

if (-not (Test-Path -LiteralPath $Launcher -PathType Leaf)) { throw "smoke-image: $Launcher is not a launcher (build it first)." }
New-Item -ItemType Directory -Force -Path $LogDir | Out-Null
$LogDir = (Resolve-Path -LiteralPath $LogDir).Path
$work = Join-Path $LogDir 'work'
New-Item -ItemType Directory -Force -Path $work | Out-Null
# Each run's log goes beside the outputs, so the uploaded folder has both.
$env:HIP_PACKAGER_LOG_DIR = Join-Path $LogDir 'run-logs'

function Invoke-Step([string]$name, [string[]]$arguments) {
    Write-Host "smoke-image: $name"
    $out = Join-Path $LogDir "$name.out.txt"
    $err = Join-Path $LogDir "$name.err.txt"
    & $Launcher @arguments > $out 2> $err
    $code = $LASTEXITCODE
    if ($code -ne 0) {
        Get-Content -LiteralPath $err -Tail 30 | Write-Host
        throw "smoke-image: '$Launcher $($arguments -join ' ')' exited with $code (see $out and $err)."
    }
}

Invoke-Step 'version' @('--version')
Invoke-Step 'detect' @('--demo', 'detect', '--json')
# The stand-in build runs as a child JVM started from the runtime's bin\java.exe: in the app
# image that is runtime\bin\java.exe, not the launcher (which would hand -Xmx64m to main).
Invoke-Step 'build' @('--demo', 'build', '--stand-in-pace', '0')
Invoke-Step 'package' @('--demo', 'package', '--out', (Join-Path $work 'out'))
Invoke-Step 'release' @('--demo', 'release', '--out', (Join-Path $work 'release'))

$zips = @(Get-ChildItem -LiteralPath (Join-Path $work 'out'), (Join-Path $work 'release') -Filter '*.zip')
if ($zips.Count -ne 3) { throw "smoke-image: expected one package zip and the release's two, found $($zips.Count)." }
$i = 0
foreach ($zip in $zips) {
    $i++
    Invoke-Step "audit-$i-$($zip.BaseName)" @('audit', $zip.FullName)
}
foreach ($dir in 'out', 'release') {
    $sums = Join-Path (Join-Path $work $dir) 'SHA256SUMS'
    foreach ($line in Get-Content -LiteralPath $sums) {
        $hash, $name = $line -split '\s+\*?', 2
        $actual = (Get-FileHash -Algorithm SHA256 -LiteralPath (Join-Path (Join-Path $work $dir) $name)).Hash
        if ($actual -ne $hash.ToUpperInvariant()) { throw "smoke-image: $dir\$name does not match SHA256SUMS." }
    }
}

if ($WindowLauncher) {
    # The start check of the window launcher: the wizard on the sample until its first frame
    # (-Dhippack.exitWhenShown, through JAVA_TOOL_OPTIONS, which reaches the jpackage launcher),
    # with JavaFX's software renderer, since a runner may have no GPU.
    Write-Host "smoke-image: $WindowLauncher --demo (first frame)"
    $env:JAVA_TOOL_OPTIONS = '-Dhippack.exitWhenShown=true -Dprism.order=sw'
    $p = Start-Process -FilePath $WindowLauncher -ArgumentList '--demo' -PassThru -Wait `
        -RedirectStandardOutput (Join-Path $LogDir 'window.out.txt') -RedirectStandardError (Join-Path $LogDir 'window.err.txt')
    Remove-Item Env:JAVA_TOOL_OPTIONS
    if ($p.ExitCode -ne 0) { throw "smoke-image: $WindowLauncher --demo exited with $($p.ExitCode) (see window.err.txt)." }
    if (-not (Select-String -Quiet -Pattern '^first-window-shown-at-epoch-ms ' -LiteralPath (Join-Path $LogDir 'window.out.txt'))) {
        throw "smoke-image: $WindowLauncher --demo showed no first window (see window.out.txt and window.err.txt)."
    }
}

$logs = @(Get-ChildItem -LiteralPath $env:HIP_PACKAGER_LOG_DIR -Filter 'hip-packager-*.log')
if ($logs.Count -lt 5) { throw "smoke-image: expected a run log per command in $env:HIP_PACKAGER_LOG_DIR, found $($logs.Count)." }
Write-Host 'smoke-image: OK'
