@echo off
rem HIP Packager launcher: the image's own Java runtime, which holds the application's modules.
set "APP_HOME=%~dp0.."
"%APP_HOME%\bin\java.exe" %HIP_PACKAGER_JAVA_OPTS% -m dev.hippack/dev.hippack.Main %*
