/** Step 1: what detection found on the build machine (SDKs, Visual Studio, tools, GPUs, the checkout). */
package dev.hippack.ui.steps.environment;
