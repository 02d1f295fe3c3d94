# Sample copy of audio.cpp's HIP build script, written by `hip-packager demo-env`.
# The parameter block matches the newest upstream version; the body is a short sketch of
# what that version does (find ROCm, pick GPU targets, configure with CMake + Ninja, build).
param(
    [string]$RocmPath = "",
    [string]$GpuTargets = "",
    [string]$BuildDir = "",
    [string]$BuildType = "Release",
    [string]$Target = "",
    [int]$Jobs = 0,
    [switch]$ConfigureOnly,
    [switch]$Clean,
    [switch]$NoHipblasLt,
    [switch]$ForceMmq,
    [switch]$NoVmm = $true,
    [switch]$WithVmm,
    [switch]$NoNativeCpu,
    [switch]$DeploymentBuild,
    [switch]$NativeModelManager,
    [switch]$SystemOpenSsl,
    [string]$BoringSslArchive = "",
    [switch]$Graphs
)

$ErrorActionPreference = "Stop"
$RepoRoot = Split-Path -Parent $PSScriptRoot

if (-not $RocmPath) {
    if ($env:HIP_PATH -and (Test-Path (Join-Path $env:HIP_PATH "bin\clang++.exe"))) {
        $RocmPath = $env:HIP_PATH
    } else {
        $found = Get-ChildItem "C:\Program Files\AMD\ROCm\*\bin\clang++.exe" -ErrorAction SilentlyContinue |
            Sort-Object FullName -Descending | Select-Object -First 1
        if (-not $found) { throw "No HIP SDK found. Install it or pass -RocmPath." }
        $RocmPath = Split-Path -Parent (Split-Path -Parent $found.FullName)
    }
}
$RocmPath = $RocmPath.TrimEnd('\')

if (-not $GpuTargets) {
    $arch = & (Join-Path $RocmPath "bin\amdgpu-arch.exe") | Where-Object { $_ -like "gfx*" } | Sort-Object -Unique
    if (-not $arch) { throw "amdgpu-arch found no GPU; pass -GpuTargets." }
    $GpuTargets = ($arch -join ";")
}

if (-not $BuildDir) { $BuildDir = "build\hip" }
if (-not [System.IO.Path]::IsPathRooted($BuildDir)) { $BuildDir = Join-Path $RepoRoot $BuildDir }
if ($Jobs -le 0) { $Jobs = [Math]::Max(2, [Environment]::ProcessorCount) }

$cmake = Get-Command cmake.exe -ErrorAction SilentlyContinue
if (-not $cmake) { throw "cmake.exe is not on PATH." }
$ninja = Get-Command ninja.exe -ErrorAction SilentlyContinue
if (-not $ninja) {
    $ninja = Get-ChildItem "C:\Program Files\Microsoft Visual Studio\*\*\Common7\IDE\CommonExtensions\Microsoft\CMake\Ninja\ninja.exe" -ErrorAction SilentlyContinue |
        Select-Object -First 1
}
if (-not $ninja) { throw "ninja.exe not found." }

if ($Clean) {
    & $cmake.Source --build $BuildDir --target clean
    exit $LASTEXITCODE
}

$env:HIP_PATH = $RocmPath
$env:ROCM_PATH = $RocmPath
$env:PATH = "$RocmPath\bin;$env:PATH"

$onOff = { param($b) if ($b) { "ON" } else { "OFF" } }
$vmmOff = $NoVmm -and -not $WithVmm

& $cmake.Source -S $RepoRoot -B $BuildDir -G Ninja "-DCMAKE_MAKE_PROGRAM=$($ninja.FullName)" `
    "-DCMAKE_BUILD_TYPE=$BuildType" "-DCMAKE_C_COMPILER=$RocmPath\bin\clang.exe" "-DCMAKE_CXX_COMPILER=$RocmPath\bin\clang++.exe" `
    -UGPU_BUILD_TARGETS -UAMDGPU_TARGETS `
    -DENGINE_ENABLE_CUDA=OFF -DENGINE_ENABLE_HIP=ON -DENGINE_ENABLE_OPENMP=OFF -DGGML_OPENMP=OFF `
    "-DGPU_TARGETS=$GpuTargets" "-DGGML_HIP_HIPBLASLT=$(& $onOff (-not $NoHipblasLt))" `
    "-DGGML_CUDA_FORCE_MMQ=$(& $onOff $ForceMmq)" "-DGGML_HIP_NO_VMM=$(& $onOff $vmmOff)" `
    "-DENGINE_ENABLE_NATIVE_CPU=$(& $onOff (-not $NoNativeCpu))" "-DAUDIOCPP_DEPLOYMENT_BUILD=$(& $onOff $DeploymentBuild)" `
    "-DENGINE_ENABLE_CUDA_GRAPHS=$(& $onOff $Graphs)"
if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
if ($ConfigureOnly) { exit 0 }

$buildArgs = @("--build", $BuildDir, "-j", $Jobs)
if ($Target) { $buildArgs += @("--target", $Target) }
& $cmake.Source @buildArgs
if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
Write-Host "Binaries: $BuildDir\bin"
