import { BaseModel } from "./BaseModel";

export class UploadedImage extends BaseModel {
  static override tableName = "uploaded_images";
  /** The public file name, e.g. chapter_header_12.jpg. */
  name!: string;
  contentType!: string;
  data!: Buffer;
  byteSize!: number;
  etag!: string;
}
