import SwiftASN1

/// Why swift-asn1 or swift-certificates refused some bytes, in words for a one-line error: their own
/// descriptions carry Swift type names and source paths (`ASN1Error.truncatedASN1Field: SwiftASN1/ASN1.swift:202`).
func asn1Reason(_ error: any Error) -> String {
    guard let asn1 = error as? ASN1Error else { return "its structure is not what X.509 or PKCS#7 expects" }
    switch asn1.code {
    case .truncatedASN1Field: return "an ASN.1 field is cut short"
    case .unexpectedFieldType: return "an ASN.1 field has an unexpected type"
    case .invalidASN1Object: return "it is not valid ASN.1"
    case .invalidASN1IntegerEncoding: return "an ASN.1 integer is badly encoded"
    case .unsupportedFieldLength: return "an ASN.1 length is larger than this reader allows"
    case .invalidStringRepresentation: return "an ASN.1 string is badly encoded"
    case .tooFewOIDComponents: return "an object identifier is malformed"
    default: return "it is not valid DER/BER"
    }
}
