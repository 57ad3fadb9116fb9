public import IntentKit

/// Implements the App Schema `photos.tag`, so tools that know the schema can use it.
extension TagPhotos: SchemaConformingIntent {
  public static var schema: AppSchema { .photosTag }
}
