import { StrokeIcon, type IconProps } from './icon';

export function BuildingIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 21V5l8-2v18M12 9l8 2v10M3 21h18M8 8v.01M8 12v.01M8 16v.01M16 14v.01M16 18v.01" />
    </StrokeIcon>
  );
}
