package dev.hippack.ui.wizard;

/**
 * A step whose engine service is not part of this build yet. It says so plainly instead of
 * pretending; {@code passable} decides whether the wizard may go on past it (the environment
 * step is informative, the build is not).
 */
public final class UnavailableStepViewModel extends AbstractStepViewModel {

    private final StepId id;
    private final String explanation;

    public UnavailableStepViewModel(StepId id, String explanation, boolean passable) {
        this.id = id;
        this.explanation = explanation;
        blockedBy(passable ? null : explanation);
    }

    @Override
    public StepId id() {
        return id;
    }

    public String explanation() {
        return explanation;
    }

    @Override
    public void enter(WizardDraft draft) { }

    @Override
    public void leave(WizardDraft draft) { }
}
