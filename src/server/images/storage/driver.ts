// Where image bytes live (decision 0036): the local disk under DATA_DIR by default, S3-compatible object storage when
// IMAGE_STORAGE=s3. The images table keeps the metadata and each image's storage key; the bytes live here.
import type { Config } from "../../env";
import { createDiskStorage } from "./disk";
import { createS3Storage } from "./s3";
import type { ImageStorage } from "./storage";

export { assertKey, type ImageStorage, StorageUnavailableError, type StoredObject } from "./storage";

export function createImageStorage(config: Config): ImageStorage {
  if (config.IMAGE_STORAGE === "s3") {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET ?? "",
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createDiskStorage(`${config.DATA_DIR}/images`);
}
