/**
 * The icons of the site's own player buttons (subtitles, quality), drawn as media-chrome draws its
 * own: 24 px, in the text's colour, hidden from screen readers (the button's name says it).
 */

const ICON_SIZE_PX = 24;

function Icon({ children }: { children: React.ReactNode }) {
  return (
    <svg className="player__icon" width={ICON_SIZE_PX} height={ICON_SIZE_PX} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** A screen with two lines of text: subtitles. */
export function SubtitlesIcon() {
  return (
    <Icon>
      <path fill="currentColor" d="M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Zm0 2v10h16V7H4Zm2 6h5v2H6v-2Zm7 0h5v2h-5v-2Zm-7-3h8v2H6v-2Zm10 0h2v2h-2v-2Z" />
    </Icon>
  );
}

/** Three sliders: the quality menu. */
export function QualityIcon() {
  return (
    <Icon>
      <path fill="currentColor" d="M3 6h10v2H3V6Zm14 0h4v2h-4V6Zm-2-2h2v6h-2V4ZM3 16h4v2H3v-2Zm8 0h10v2H11v-2Zm-2-2h2v6H9v-6Zm-6-3h14v2H3v-2Zm16 0h2v2h-2v-2Z" />
    </Icon>
  );
}

/** An arrow turning back, with 30 in it: thirty seconds back. */
export function BackThirtyIcon() {
  return (
    <Icon>
      <path fill="currentColor" d="M12 4V1L7 5l5 4V6a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8Z" />
      <text x="12" y="15.5" fill="currentColor" fontSize="7" fontWeight="700" textAnchor="middle">
        30
      </text>
    </Icon>
  );
}

/** A bar and a triangle pointing at it: back to the start. */
export function ToStartIcon() {
  return (
    <Icon>
      <path fill="currentColor" d="M5 5h2v14H5V5Zm3 7 10-7v14L8 12Z" />
    </Icon>
  );
}
