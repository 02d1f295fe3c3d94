package dev.hippack.core.build;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.PlanRules;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A known way the build fails, recognised by one line of its log, and the finding that says
 * what it means and how to fix it. The patterns are the messages the tools really print.
 */
public record FailureSignature(String key, Pattern pattern, Finding finding) {

    public static final String BUILD_TOOLS = "build.tools";
    public static final String BUILD_HIPBLASLT = "build.hipblaslt";
    public static final String BUILD_POLICY = "build.policy";

    public Optional<Finding> match(String line) {
        return pattern.matcher(line).find() ? Optional.of(finding) : Optional.empty();
    }

    /** The failures known from the distribution guide (docs/distribution-rules.md §4) and from the build script's users. */
    public static List<FailureSignature> known() {
        return List.of(
                new FailureSignature("msvc-cmath",
                        Pattern.compile("\\b(isgreater|isgreaterequal|isless|islessequal|islessgreater|isunordered)\\b.*cannot overload"),
                        Finding.error(PlanRules.TOOLSET_MSVC,
                                "HIP clang cannot parse the <cmath> of MSVC 14.5x (Visual Studio 2026): every .cu file fails"
                                        + " with \"'isgreater' cannot overload\".",
                                "Build with the MSVC 14.44 toolset (vcvarsall.bat x64 -vcvars_ver=14.44): choose toolset 14.44 in the"
                                        + " plan; on Visual Studio 2026 add the component \"MSVC v143 - VS 2022 C++ x64/x86 build tools"
                                        + " (v14.44)\" (" + PlanRules.VS2026_V143_COMPONENT + ").")),
                new FailureSignature("cmake-missing",
                        Pattern.compile("(?i)('cmake(\\.exe)?' is not recognized|cmake(\\.exe)? (was )?not found|cannot find cmake|cmake\\.exe.*not on PATH)"),
                        Finding.error(BUILD_TOOLS,
                                "cmake was not found: the build script needs cmake.exe on PATH.",
                                "Install CMake 3.21 or newer (or the Visual Studio component \"C++ CMake tools for Windows\")"
                                        + " and make sure cmake.exe is on PATH, then build again.")),
                new FailureSignature("ninja-missing",
                        Pattern.compile("(?i)('ninja(\\.exe)?' is not recognized|ninja(\\.exe)? (was )?not found"
                                + "|unable to find a build program corresponding to \"Ninja\")"),
                        Finding.error(BUILD_TOOLS,
                                "ninja was not found: CMake needs it for the Ninja generator the script uses.",
                                "Install Ninja (winget install Ninja-build.Ninja) or the Visual Studio component"
                                        + " \"C++ CMake tools for Windows\", which brings ninja.exe, then build again.")),
                new FailureSignature("hipblaslt-missing",
                        Pattern.compile("(?i)(could not find a (package configuration file|configuration file for package) provided by \"?hipblaslt"
                                + "|hipblaslt\\S* (was )?not found|Findhipblaslt\\.cmake|hipblaslt-config\\.cmake)"),
                        Finding.error(BUILD_HIPBLASLT,
                                "CMake could not find hipBLASLt in the HIP SDK, but the build uses it (GGML_HIP_HIPBLASLT=ON, the default).",
                                "Install the HIP SDK with its math libraries (hipBLASLt is part of the full HIP SDK installer) and pass"
                                        + " its folder as -RocmPath; building without hipBLASLt (-NoHipblasLt) leaves gfx1103 without GEMM.")),
                // Group Policy (MachinePolicy / UserPolicy) outranks -ExecutionPolicy Bypass on the
                // command line; PowerShell then refuses the script with one of these messages
                // (about_Execution_Policies: "Restricted" and "AllSigned"/"RemoteSigned").
                new FailureSignature("execution-policy",
                        Pattern.compile("(?i)(cannot be loaded because running scripts is disabled on this system"
                                + "|cannot be loaded\\. The file .* is not digitally signed"
                                + "|FullyQualifiedErrorId : UnauthorizedAccess)"),
                        Finding.error(BUILD_POLICY,
                                "PowerShell refused to run the build script: this PC's execution policy, set by Group Policy,"
                                        + " overrides the -ExecutionPolicy Bypass that HIP Packager passes.",
                                "Ask your administrator to allow scripts for your account: the Group Policy \"Turn on Script"
                                        + " Execution\" (Computer or User Configuration > Administrative Templates > Windows"
                                        + " Components > Windows PowerShell) set to \"Allow local scripts and remote signed scripts\","
                                        + " or to sign build_windows_hip.ps1 with a certificate the PC trusts. If the policy is"
                                        + " RemoteSigned and the checkout was downloaded as a zip, unblock the script"
                                        + " (Unblock-File scripts\\build_windows_hip.ps1) or clone it with git instead.")),
                new FailureSignature("model-spec",
                        Pattern.compile("(?i)model spec not found for family"),
                        Finding.error(PlanRules.BUILD_DEPLOYMENT,
                                "\"model spec not found for family\": the binary was built without the embedded model specs.",
                                "Build with -DeploymentBuild (AUDIOCPP_DEPLOYMENT_BUILD=ON) so model_specs/*.json are compiled in.")));
    }
}
