import { StrokeIcon, type IconProps } from './icon';

/** Four tiles: a dashboard. */
export function DashboardIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z" />
    </StrokeIcon>
  );
}
