/** Width of the method column and height of one waterfall row, in px. */
export const LABEL_WIDTH = 180;
export const ROW_PX = 20;
