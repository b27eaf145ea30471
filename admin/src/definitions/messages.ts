/** Per-model messages the spec gives for deleting (spec part 1 section 8, part 2 section 8). */
export const DELETE_MESSAGES: Record<string, { confirm?: string; success?: string; failure?: string }> = {
  merchant: {
    confirm: 'A merchant can only be deleted if it has no products.',
    success: 'We removed that darn merchant',
    failure: 'Cannot remove merchant',
  },
  timeslot: {
    confirm: 'Are you sure you want to delete this timeslot, deleting is only possible if the timeslot is empty.',
    success: 'We removed the timeslot',
  },
  template: {
    success: 'We removed the template',
    failure: 'Cannot remove template, please clear subject first',
  },
};

export const SAVE_SUCCESS = 'Successfully saved';
export const SAVE_ERROR = 'Error while saving';
