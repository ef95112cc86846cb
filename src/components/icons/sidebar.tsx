import { StrokeIcon, type IconProps } from './icon';

/** A window with a side panel: shows or hides a sidebar. */
export function SidebarIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 4h18v16H3zM9 4v16" />
    </StrokeIcon>
  );
}
