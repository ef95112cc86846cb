import { StrokeIcon, type IconProps } from './icon';

export function ShoppingBagIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 7h18l-2 12H5L3 7Zm5 0V5a4 4 0 0 1 8 0v2" />
    </StrokeIcon>
  );
}
