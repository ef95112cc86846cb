export const insights = {
  placeholder: 'insights',
};
