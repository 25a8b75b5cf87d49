// The cover toolkit: validation, the crop dialog and the picker that combines them.
export { CoverCropDialog, type CoverCropDialogProps } from "./CoverCropDialog";
export { CoverPicker, type CoverPickerProps, type PickedImage } from "./CoverPicker";
export { dataUrlBytes, encodeWithinLimit } from "./encode-cover";
export { type CoverFileProblem, type CoverValidationMode, validateCoverFile } from "./validate-cover-file";
