// The tile_static storage class in the translator's parse (TileStaticAttr.cpp).
#ifndef AMPCC_FRONTEND_TILESTATICATTR_H
#define AMPCC_FRONTEND_TILESTATICATTR_H

namespace ampcc {

// Keeps the attribute's registration linked into a program that uses the translator.
void linkTileStaticAttr();

} // namespace ampcc

#endif
