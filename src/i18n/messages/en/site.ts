export const site = {
  placeholder: 'site',
};
