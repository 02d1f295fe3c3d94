package dev.hippack.ui.common;

/**
 * Every style class and stylesheet the wizard uses, in one place so a rename cannot leave a
 * stale string behind. Classes are kebab-case with a {@code wz-} prefix; the colours they use
 * come from the tokens sheets only.
 */
public final class Css {

    private Css() { }

    public static final String TOKENS_LIGHT = "/dev/hippack/ui/css/tokens.css";
    public static final String TOKENS_DARK = "/dev/hippack/ui/css/tokens-dark.css";
    public static final String APP = "/dev/hippack/ui/css/app.css";

    public static final String ROOT = "wz-root";
    /** Every icon ({@link Icons}); the style sheet gives it the icon font there. */
    public static final String ICON = "wz-icon";
    public static final String BANNER = "wz-demo-banner";
    public static final String STEP_LIST = "wz-step-list";
    public static final String STEP_CELL = "wz-step-cell";
    public static final String STEP_DONE = "wz-step-done";
    public static final String STEP_CURRENT = "wz-step-current";
    public static final String STEP_BLOCKED = "wz-step-blocked";
    public static final String STEP_PENDING = "wz-step-pending";
    public static final String STEP_HOST = "wz-step-host";
    public static final String STEP_PAGE = "wz-step-page";
    public static final String STEP_TITLE = "wz-step-title";
    public static final String STEP_INTRO = "wz-step-intro";
    public static final String SECTION_TITLE = "wz-section-title";
    public static final String CARD = "wz-card";
    public static final String CARD_TITLE = "wz-card-title";
    public static final String MUTED = "wz-muted";
    public static final String MONO = "wz-mono";
    public static final String COMMAND_LINE = "wz-command-line";
    public static final String BIG_NUMBER = "wz-big-number";
    public static final String APPROXIMATE = "wz-approximate";
    public static final String NOT_AVAILABLE = "wz-not-available";
    public static final String BUTTON_BAR = "wz-button-bar";
    public static final String STATUS_BAR = "wz-status-bar";
    /** A notice over the step, and its words (a wrapping text, in the theme's text colour). */
    public static final String NOTICE_BAR = "wz-notice-bar";
    public static final String NOTICE_TEXT = "wz-notice-text";
    /** A page's cover while its job runs ({@link BusyMask}), its card (also a {@link #CARD}) and its words. */
    public static final String BUSY_MASK = "wz-busy-mask";
    public static final String BUSY_CARD = "wz-busy-card";
    public static final String BUSY_TEXT = "wz-busy-text";

    public static final String SEVERITY_ERROR = "wz-severity-error";
    public static final String SEVERITY_WARNING = "wz-severity-warning";
    public static final String SEVERITY_INFO = "wz-severity-info";
    public static final String OK = "wz-ok";
    public static final String FINDING = "wz-finding";
    public static final String FINDING_FIX = "wz-finding-fix";

    public static final String MATRIX = "wz-matrix";
    public static final String ROW_BLOCKED = "wz-row-blocked";
    public static final String ROW_LOCAL = "wz-row-local";
    public static final String COVERAGE_YES = "wz-coverage-yes";
    public static final String COVERAGE_NO = "wz-coverage-no";

    public static final String LOG_VIEW = "wz-log-view";
    /**
     * A log line's level, as pseudo-classes of its cell ({@code .list-cell:wz-log-warn}): a
     * recycled cell switches state without the full CSS re-match a style-class change costs,
     * which matters when a build floods the log.
     */
    public static final String LOG_DEBUG = "wz-log-debug";
    public static final String LOG_WARN = "wz-log-warn";
    public static final String LOG_ERROR = "wz-log-error";

    public static final String CHART = "wz-chart";
    /** A colour square of a chart series: {@code wz-swatch} plus {@code wz-swatch-N} for series N. */
    public static final String SWATCH = "wz-swatch";
    /** A fixed footer of a step (the Track step's totals). */
    public static final String FOOTER = "wz-footer";
    /** What Enter runs now (Next, or the step's main action): drawn as the default button. */
    public static final String DEFAULT_ACTION = "wz-default-action";
    /** The step's main action button (fixed place, fixed width). */
    public static final String MAIN_ACTION = "wz-main-action";
    /**
     * A cell or label that shows data of any length (a file name, example hardware) and may be
     * cut at small window sizes; it has a tooltip with the whole text. Every other label of a
     * step must show its text in full (the layout test checks it).
     */
    public static final String MAY_ELIDE = "wz-may-elide";
}
