export const forms = {
  placeholder: 'forms',
};
