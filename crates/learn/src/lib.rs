//! The learned evaluation's making: self-play games at fixed nodes turned
//! into training samples (`congo datagen`), and a trainer that fits the
//! engine's net to them (`congo train`). The net's shape and file are the
//! engine's (`congo_engine::net`); this crate only makes one.

#![doc = include_str!("../README.md")]

pub mod chunk;
pub mod datagen;
pub mod maker;
pub mod sample;
pub mod selfplay;
pub mod train;
