/** The fields of a mouse event (the DOM's or React's) that say how a click was made. */
type ClickLike = { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean };

/** A plain primary-button click: with a modifier key or another button the browser opens a tab or window instead. */
export function isPlainLeftClick(event: ClickLike): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
