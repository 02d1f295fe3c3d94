/**
 * Verifying a staged package against the plan it was made for, in one call for the wizard's
 * Review and {@code hip-packager package}: every check of the audit, whether the binaries were
 * built for this plan (build record and CMakeCache), and the start check. Uses audit, build,
 * launch, detect (the SDK's kernel inventory), plan and host; must not depend on stage, archive,
 * the CLI or the UI.
 */
package dev.hippack.core.verify;
