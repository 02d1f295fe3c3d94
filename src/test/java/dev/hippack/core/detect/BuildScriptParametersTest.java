package dev.hippack.core.detect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BuildScriptParametersTest {

    private final BuildScriptParameters parser = new BuildScriptParameters();

    @Test
    void olderScriptLacksTheReleaseSwitches() {
        String pr48 = """
                # Builds audio.cpp with HIP.
                param(
                    [string]$RocmPath = "",
                    [string]$GpuTargets = "",
                    [string]$BuildType = "Release",
                    [string]$Target = "",
                    [int]$Jobs = 0,
                    [switch]$ConfigureOnly,
                    [switch]$Clean,
                    [switch]$NoHipblasLt,
                    [switch]$ForceMmq,
                    [switch]$NoVmm = $true,
                    [switch]$WithVmm,
                    [switch]$Graphs
                )
                $BuildDir = Join-Path $RepoRoot "build\\hip"
                """;
        assertThat(parser.parse(pr48)).containsExactly("RocmPath", "GpuTargets", "BuildType", "Target", "Jobs", "ConfigureOnly",
                "Clean", "NoHipblasLt", "ForceMmq", "NoVmm", "WithVmm", "Graphs");
    }

    @Test
    void attributesCommentsStringsAndDefaultsDoNotConfuseIt() {
        String script = """
                <# param($NotThis) in a block comment #>
                # param($NorThis)
                [CmdletBinding()]
                Param (
                    [Parameter(Mandatory = $true, HelpMessage = "a, b ($x)")]
                    [ValidateSet("Release", "Debug")]
                    [string] $BuildType,
                    # $CommentedOut,
                    [string]$Label = "x, y; $notAParam",
                    [string[]]$Targets = @("gfx1100", "gfx1101"),
                    [hashtable]$Extra = @{ a = 1; b = $false },
                    $Untyped = 'it''s, fine'
                )
                function Go { param($Inner) }
                """;
        assertThat(parser.parse(script)).containsExactly("BuildType", "Label", "Targets", "Extra", "Untyped");
    }

    @Test
    void scriptWithoutParamBlockHasNoParameters() {
        assertThat(parser.parse("Write-Host 'parameters: none'\n$x = 1\n")).isEmpty();
        assertThat(parser.parse("param(\n[string]$Unclosed = \"")).isEmpty();
    }
}
