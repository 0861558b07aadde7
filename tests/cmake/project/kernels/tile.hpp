#pragma once
constexpr int kTile = 32;
