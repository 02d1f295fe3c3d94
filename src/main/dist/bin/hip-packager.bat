@echo off
rem HIP Packager launcher: the image's own Java runtime, the application on its module path.
set "APP_HOME=%~dp0.."
"%APP_HOME%\bin\java.exe" %HIP_PACKAGER_JAVA_OPTS% --module-path "%APP_HOME%\lib\app" -m dev.hippack/dev.hippack.Main %*
