@echo off
rem HIP Packager launcher: the image's own Java runtime, which holds the application's modules.
rem Without arguments, or with only --demo or --host DIR, it opens the wizard, and the JVM gets the
rem desktop options (client compiler only, serial collector, and one compiler thread on a machine
rem with one or two cores; see bin/hip-packager for why).
rem HIP_PACKAGER_JAVA_OPTS comes after them, so it can change any of them.
setlocal
set "APP_HOME=%~dp0.."
set "GUI_OPTS="
if "%~1"=="" set "GUI_OPTS=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
if "%~1"=="--demo" if "%~2"=="" set "GUI_OPTS=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
if "%~1"=="--host" if not "%~2"=="" if "%~3"=="" set "GUI_OPTS=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
rem %CORES% is expanded when its line is read: it is set on a line of its own first, so an unset
rem NUMBER_OF_PROCESSORS cannot turn the test into a syntax error.
set "CORES=%NUMBER_OF_PROCESSORS%"
if not defined CORES set "CORES=0"
if defined GUI_OPTS if %CORES% GEQ 1 if %CORES% LEQ 2 set "GUI_OPTS=%GUI_OPTS% -XX:CICompilerCount=1"
"%APP_HOME%\bin\java.exe" %GUI_OPTS% %HIP_PACKAGER_JAVA_OPTS% -m dev.hippack/dev.hippack.Main %*
