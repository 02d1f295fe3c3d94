package dev.hippack.ui.steps.track;

import dev.hippack.core.catalog.GpuArchitecture;
import java.util.LinkedHashMap;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * One row of the hardware matrix: the architecture's facts, whether it is ticked, its kernel
 * sizes on the chosen track, whether each catalog track has its GEMM kernels, and why it cannot
 * be ticked (if so).
 */
public final class ArchitectureRow {

    private final GpuArchitecture arch;
    /** By track id, in catalog order: whether that track's hipBLASLt has kernels for this architecture. */
    private final Map<String, Boolean> coverage;
    private final BooleanProperty selected = new SimpleBooleanProperty(this, "selected");
    private final ReadOnlyBooleanWrapper local = new ReadOnlyBooleanWrapper(this, "local");
    private final ReadOnlyDoubleWrapper rocblasMib = new ReadOnlyDoubleWrapper(this, "rocblasMib");
    private final ReadOnlyDoubleWrapper hipblasltMib = new ReadOnlyDoubleWrapper(this, "hipblasltMib");
    private final ReadOnlyBooleanWrapper sizesDerived = new ReadOnlyBooleanWrapper(this, "sizesDerived");
    private final ReadOnlyStringWrapper blockedReason = new ReadOnlyStringWrapper(this, "blockedReason", "");

    ArchitectureRow(GpuArchitecture arch, Map<String, Boolean> coverage) {
        this.arch = arch;
        this.coverage = new LinkedHashMap<>(coverage);
    }

    public String id() { return arch.id(); }
    public String family() { return arch.family(); }
    public String kind() { return arch.integrated() ? "integrated" : "discrete"; }
    public String exampleHardware() { return arch.exampleHardware(); }
    public GpuArchitecture architecture() { return arch; }

    public BooleanProperty selectedProperty() { return selected; }
    public boolean isSelected() { return selected.get(); }
    public ReadOnlyBooleanProperty localProperty() { return local.getReadOnlyProperty(); }
    public boolean isLocal() { return local.get(); }
    public ReadOnlyDoubleProperty rocblasMibProperty() { return rocblasMib.getReadOnlyProperty(); }
    public ReadOnlyDoubleProperty hipblasltMibProperty() { return hipblasltMib.getReadOnlyProperty(); }
    /** True when a size was split out of a total rather than measured: shown as approximate. */
    public ReadOnlyBooleanProperty sizesDerivedProperty() { return sizesDerived.getReadOnlyProperty(); }
    /** Whether the track {@code trackId} has GEMM (hipBLASLt) kernels for this architecture. */
    public boolean coveredOn(String trackId) { return coverage.getOrDefault(trackId, false); }
    /** Why this row cannot be shipped on the chosen track; empty when it can. */
    public ReadOnlyStringProperty blockedReasonProperty() { return blockedReason.getReadOnlyProperty(); }
    public boolean isBlocked() { return !blockedReason.get().isEmpty(); }

    void local(boolean v) { local.set(v); }
    void sizes(double rocblas, double hipblaslt, boolean derived) {
        rocblasMib.set(rocblas);
        hipblasltMib.set(hipblaslt);
        sizesDerived.set(derived);
    }
    void blockedReason(String reason) { blockedReason.set(reason == null ? "" : reason); }
}
