// One import suffices: `import PortableSQLCodable` brings the core API too.
@_exported import PortableSQL
