/** SPEC §5 messages, word for word. Client and server both show these. */
export const validationMessages = {
  fabricName: 'Please provide a name for this fabric.',
  style: 'Please select a style.',
  allDimensions: 'Please enter all dimensions.',
  smallerDimensions: 'Please enter smaller dimensions.',
  size: 'Please select a size.',
  insert: 'Please select an insert fill or none.',
  trim: 'Please select a trim style or none.',
  pipingDetails: 'Please provide a description and upload an image of the piping.',
  contrastWeltDetails: 'Please provide a description and upload an image of the contrast welt fabric.',
  quantity: 'Please enter a quantity.',
  customName: 'Please give this product a name.',
  customDescription: 'Please describe the product you would like made in as much detail as possible.',
  address: 'Please complete all address fields.',
  // Ours: SPEC §5 states these rules without a message (docs/decisions/0021, 0026).
  largerDimensions: 'Please enter larger dimensions.',
  fabricItems: 'Please add at least one item to this fabric.',
  projectFabrics: 'Please add at least one fabric to this project.',
  imageFileName: 'Please upload images as JPEG, JPG, GIF or PNG files.',
  password: 'Please choose a password of at least 8 characters with a number, a lowercase and an uppercase letter.',
  email: 'Please enter a valid e-mail address.',
} as const;
export type ValidationMessageKey = keyof typeof validationMessages;
