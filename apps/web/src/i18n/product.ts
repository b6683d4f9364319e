/** The product's name, in every language as it is: a name is not translated. */
export const PRODUCT_NAME = 'Fernwood'
