/**
 * The one shape of long work in the engine: {@code run(request, OperationListener,
 * CancellationToken)}. Depends on nothing else in the project.
 */
package dev.hippack.core.progress;
