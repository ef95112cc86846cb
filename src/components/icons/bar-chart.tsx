import { StrokeIcon, type IconProps } from './icon';

export function BarChartIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
    </StrokeIcon>
  );
}
