import { StrokeIcon, type IconProps } from './icon';

export function SearchIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="11" cy="11" r="6" />
      <path d="M20 20l-4.5-4.5" />
    </StrokeIcon>
  );
}
