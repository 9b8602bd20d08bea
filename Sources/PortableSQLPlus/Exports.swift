@_exported import PortableSQL
